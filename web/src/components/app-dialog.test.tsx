import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MessageDialog } from './message-dialog'

/** Every source file of the app, by path: which ones open a dialog of their own. */
const SOURCES = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], { query: '?raw', import: 'default', eager: true })

/** The paper (the dialog's visible box) of the open dialog. */
function paperOf(dialog: HTMLElement): HTMLElement {
  const paper = dialog.querySelector<HTMLElement>('.MuiDialog-paper')
  if (!paper) throw new Error('no dialog paper')
  return paper
}

describe('every dialog is 550 px wide above 960 px, else 250 px (spec section 9)', () => {
  it('has one MUI Dialog in the app: the shared one whose paper carries the spec width', () => {
    const openers = Object.entries(SOURCES)
      .filter(([, source]) => /from '@mui\/material\/Dialog'/.test(source))
      .map(([path]) => path)
    expect(openers).toEqual(['./app-dialog.tsx'])
    // No dialog can opt out of (or forget to opt into) the width.
    const optIns = Object.entries(SOURCES).filter(([, source]) => /specWidth/.test(source))
    expect(optIns.map(([path]) => path)).toEqual([])
  })

  it("gives a message dialog (Session Expired, Oops, speed bump, booking retry, ...) the spec's width", async () => {
    render(<MessageDialog open title="Oops" message="It failed." actions={[]} testId="a-dialog" />)
    const paper = paperOf(await screen.findByTestId('a-dialog'))
    expect(getComputedStyle(paper).width).toBe('250px')
  })
})
