import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { ApiError } from '../api/api-error'
import type { VinPhotoDrop } from '../api/types'
import { messages } from '../lib/product'
import { vinPhotoMachine, type VinPhotoEvent } from './vin-photo-machine'

const session = { institutionId: 'summit-cu', userId: 'u-1', token: 't-1' }
const drop: VinPhotoDrop = { signedPutUrl: '/api/vin-photo/d-1?sig=s', dropId: 'd-1', expiresAt: '', maxBytes: 10485760 }
const png = new File([new Uint8Array(100)], 'vin.png', { type: 'image/png' })

/** The photo machine with a scripted upload: progress steps, then done (or a failure). */
function start(options: { progress: number[]; uploadError?: unknown; vin?: () => Promise<{ vin: string; repaired: boolean }> }) {
  let finishUpload: () => void = () => {}
  const machine = vinPhotoMachine.provide({
    actors: {
      requestDrop: fromPromise(() => Promise.resolve(drop)),
      upload: fromCallback<VinPhotoEvent, { signedPutUrl: string; file: File }>(({ sendBack }) => {
        for (const percent of options.progress) sendBack({ type: 'UPLOAD_PROGRESS', percent })
        finishUpload = () =>
          sendBack(options.uploadError ? { type: 'UPLOAD_FAILED', error: options.uploadError } : { type: 'UPLOADED' })
      }),
      readVin: fromPromise(options.vin ?? (() => Promise.resolve({ vin: '1HGCM82633A004352', repaired: false }))),
    },
  })
  const actor = createActor(machine, { input: { session } }).start()
  return { actor, finishUpload: () => finishUpload() }
}

describe('vinPhotoMachine', () => {
  it('requests a drop, reports upload progress, reads the VIN and emits it', async () => {
    const { actor, finishUpload } = start({ progress: [10, 55] })
    const read: string[] = []
    actor.on('vinRead', (event) => read.push(event.vin))
    actor.send({ type: 'PICK', file: png })
    await waitFor(actor, (s) => s.matches('uploading') && s.context.progress === 55)
    finishUpload()
    await waitFor(actor, (s) => s.matches('read'))
    expect(actor.getSnapshot().context.vin).toBe('1HGCM82633A004352')
    expect(read).toEqual(['1HGCM82633A004352'])
  })

  it("keeps the server's message when a step fails, and a new photo starts over", async () => {
    const { actor, finishUpload } = start({
      progress: [],
      uploadError: new ApiError(413, 'validation', messages.photoTooLarge),
    })
    actor.send({ type: 'PICK', file: png })
    await waitFor(actor, (s) => s.matches('uploading'))
    finishUpload()
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toBe(messages.photoTooLarge)
    actor.send({ type: 'PICK', file: png })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().context.progress).toBe(0)
  })

  it('refuses a non-image without asking for a drop, and ignores picks while busy', async () => {
    const { actor } = start({ progress: [] })
    actor.send({ type: 'PICK', file: new File(['x'], 'notes.txt', { type: 'text/plain' }) })
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe(messages.photoNotAPhotoType)
    actor.send({ type: 'PICK', file: png })
    await waitFor(actor, (s) => s.matches('uploading'))
    actor.send({ type: 'PICK', file: new File(['x'], 'notes.txt', { type: 'text/plain' }) })
    expect(actor.getSnapshot().value).toBe('uploading')
  })
})
