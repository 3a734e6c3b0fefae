import { describe, expect, it } from 'vitest'
import { parseGatewayMessage } from './gateway-message'

const GATEWAY = 'http://127.0.0.1:8081'

describe('parseGatewayMessage', () => {
  it('reads ready, result and error from the gateway origin', () => {
    expect(parseGatewayMessage(GATEWAY, { source: 'coverline-gateway', type: 'ready' }, GATEWAY)).toEqual({ type: 'ready' })
    expect(parseGatewayMessage(GATEWAY, { source: 'coverline-gateway', type: 'result', result: 'abc' }, GATEWAY)).toEqual({
      type: 'result',
      result: 'abc',
    })
    expect(parseGatewayMessage(GATEWAY, { source: 'coverline-gateway', type: 'error', message: 'x' }, GATEWAY)).toEqual({
      type: 'error',
      message: 'x',
    })
  })

  it('ignores other origins, other sources and unknown types', () => {
    expect(parseGatewayMessage('http://evil.test', { source: 'coverline-gateway', type: 'ready' }, GATEWAY)).toBeNull()
    expect(parseGatewayMessage(GATEWAY, { source: 'other', type: 'ready' }, GATEWAY)).toBeNull()
    expect(parseGatewayMessage(GATEWAY, { source: 'coverline-gateway', type: 'paid' }, GATEWAY)).toBeNull()
    expect(parseGatewayMessage(GATEWAY, 'ready', GATEWAY)).toBeNull()
    expect(parseGatewayMessage(GATEWAY, { source: 'coverline-gateway', type: 'result' }, GATEWAY)).toBeNull()
  })
})
