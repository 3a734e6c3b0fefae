import { setupServer } from 'msw/node'
import { handlers } from './handlers'

/** The fake Coverline API every component test talks to; override per test with server.use(). */
export const server = setupServer(...handlers)
