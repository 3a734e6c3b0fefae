/** What the payment widget (another origin) tells this page through window.postMessage (docs/api.md). */
export type GatewayMessage = { type: 'ready' } | { type: 'result'; result: string } | { type: 'error'; message: string }

/** The widget's message, or null for anything not from the gateway origin or not in the protocol. */
export function parseGatewayMessage(origin: string, data: unknown, gatewayOrigin: string): GatewayMessage | null {
  if (origin !== gatewayOrigin || typeof data !== 'object' || data === null) return null
  const message = data as { source?: unknown; type?: unknown; result?: unknown; message?: unknown }
  if (message.source !== 'coverline-gateway') return null
  switch (message.type) {
    case 'ready':
      return { type: 'ready' }
    case 'result':
      return typeof message.result === 'string' && message.result ? { type: 'result', result: message.result } : null
    case 'error':
      return { type: 'error', message: typeof message.message === 'string' ? message.message : '' }
    default:
      return null
  }
}
