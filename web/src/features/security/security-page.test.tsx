import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { format } from '../../lib/icu'
import { fill, screens } from '../../lib/product'
import { renderApp } from '../../test/render-app'

const texts = screens.security

describe('the Security page', () => {
  it("names the institution and the session's minutes, each topic under its heading", async () => {
    renderApp('/summit-cu/security')
    const page = await screen.findByTestId('security-page')
    expect(await within(page).findByText(fill(texts.intro, { institution: 'Summit Credit Union' }))).toBeInTheDocument()
    expect(within(page).getByText(fill(texts.cardNeverReaches, { institution: 'Summit Credit Union' }))).toBeInTheDocument()
    // 15 idle minutes (timings.idleTimeoutMs); 15 refreshes 4 minutes apart.
    expect(within(page).getByText(format(texts.sessionTimes, { idleMinutes: 15, sessionMinutes: 60 }))).toBeInTheDocument()
    expect(within(page).getByText(format(texts.emailCode, { minutes: 10 }))).toBeInTheDocument()
    expect(
      within(page)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([
      texts.cardTitle,
      texts.sessionTitle,
      texts.emailTitle,
      texts.contractTitle,
      texts.photosTitle,
      texts.connectionTitle,
    ])
  })
})
