import { assign, emit, fromCallback, fromPromise, setup } from 'xstate'
import { messageOf } from '../api/api-error'
import { api, type Session } from '../api/client'
import type { VinPhotoDrop } from '../api/types'
import { screens } from '../lib/product'
import { vinPhotoMime, vinPhotoProblem } from '../lib/vin-rules'

/** Shown when a step fails without an API message (screens.components.photoReadFailed). */
export const PHOTO_READ_FAILED = screens.components.photoReadFailed

export type VinPhotoEvent =
  | { type: 'PICK'; file: File }
  | { type: 'UPLOAD_PROGRESS'; percent: number }
  | { type: 'UPLOADED' }
  | { type: 'UPLOAD_FAILED'; error: unknown }

interface VinPhotoContext {
  session: Session | null
  file: File | null
  drop: VinPhotoDrop | null
  /** Upload progress, 0–100. */
  progress: number
  /** The server's message (or the same text checked before uploading) for the failed step. */
  error: string | null
  vin: string | null
}

function failWith(error: unknown) {
  return messageOf(error, PHOTO_READ_FAILED)
}

/** Picking a photo (again) is possible whenever nothing is in flight. */
const pick = {
  PICK: [
    {
      guard: 'hasPhotoProblem' as const,
      target: '#vinPhoto.failed',
      actions: 'rejectPhoto' as const,
    },
    { target: '#vinPhoto.requestingDrop', actions: 'takePhoto' as const },
  ],
}

/**
 * Reading a VIN from a photo (docs/api.md, Car): ask for a signed upload URL, PUT the photo to it
 * with progress, then ask for the VIN read from it. Emits `vinRead`; the member confirms the VIN
 * in the field before it is decoded. Files the server would refuse are refused before uploading.
 */
export const vinPhotoMachine = setup({
  types: {
    context: {} as VinPhotoContext,
    events: {} as VinPhotoEvent,
    input: {} as { session: Session | null },
    emitted: {} as { type: 'vinRead'; vin: string; repaired: boolean },
  },
  actors: {
    requestDrop: fromPromise<VinPhotoDrop, { session: Session | null; mime: string }>(async ({ input }) => {
      if (!input.session) throw new Error('No session')
      return (await api.requestVinPhotoDrop(input.session, input.mime)).data
    }),
    upload: fromCallback<VinPhotoEvent, { signedPutUrl: string; file: File }>(({ input, sendBack }) => {
      const controller = new AbortController()
      api
        .uploadVinPhoto(input.signedPutUrl, input.file, {
          onProgress: (percent) => sendBack({ type: 'UPLOAD_PROGRESS', percent }),
          signal: controller.signal,
        })
        .then(
          () => sendBack({ type: 'UPLOADED' }),
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'UPLOAD_FAILED', error })
          },
        )
      return () => controller.abort()
    }),
    readVin: fromPromise<{ vin: string; repaired: boolean }, { session: Session | null; dropId: string }>(async ({ input }) => {
      if (!input.session) throw new Error('No session')
      const { vin, repaired } = (await api.readVinPhoto(input.session, input.dropId)).data
      return { vin, repaired }
    }),
  },
  guards: {
    hasPhotoProblem: ({ event }) => event.type === 'PICK' && vinPhotoProblem(event.file) !== null,
  },
  actions: {
    rejectPhoto: assign({
      file: null,
      error: ({ event }) => (event.type === 'PICK' ? vinPhotoProblem(event.file) : null),
    }),
    takePhoto: assign({
      file: ({ event }) => (event.type === 'PICK' ? event.file : null),
      drop: null,
      progress: 0,
      error: null,
      vin: null,
    }),
  },
}).createMachine({
  id: 'vinPhoto',
  context: ({ input }) => ({ session: input.session, file: null, drop: null, progress: 0, error: null, vin: null }),
  initial: 'idle',
  states: {
    idle: { on: pick },
    requestingDrop: {
      invoke: {
        src: 'requestDrop',
        input: ({ context }) => ({ session: context.session, mime: context.file ? vinPhotoMime(context.file) : '' }),
        onDone: { target: 'uploading', actions: assign({ drop: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failWith(event.error) }) },
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ signedPutUrl: context.drop?.signedPutUrl ?? '', file: context.file as File }),
      },
      on: {
        UPLOAD_PROGRESS: { actions: assign({ progress: ({ event }) => event.percent }) },
        UPLOADED: { target: 'reading', actions: assign({ progress: 100 }) },
        UPLOAD_FAILED: { target: 'failed', actions: assign({ error: ({ event }) => failWith(event.error) }) },
      },
    },
    reading: {
      invoke: {
        src: 'readVin',
        input: ({ context }) => ({ session: context.session, dropId: context.drop?.dropId ?? '' }),
        onDone: {
          target: 'read',
          actions: [
            assign({ vin: ({ event }) => event.output.vin }),
            emit(({ event }) => ({ type: 'vinRead' as const, vin: event.output.vin, repaired: event.output.repaired })),
          ],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failWith(event.error) }) },
      },
    },
    read: { on: pick },
    failed: { on: pick },
  },
})

export type VinPhotoMachine = typeof vinPhotoMachine
