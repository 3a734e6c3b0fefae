import { vi } from 'vitest'

/** A tab as window.open returns it, recording what the page does with it. */
export function fakeTab() {
  const tab = {
    opener: {} as unknown,
    closed: false,
    document: { title: '' },
    location: { replace: vi.fn() },
    close: vi.fn(),
  }
  tab.close.mockImplementation(() => {
    tab.closed = true
  })
  return tab
}
