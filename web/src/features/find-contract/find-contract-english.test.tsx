import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import spanish from '../../../../domain/texts/es.json'
import { fill, screens } from '../../lib/product'
import { renderApp } from '../../test/render-app'

const PAGE = '/summit-cu/user/u-1/policy/p-1'
/** The link the test server's verifydetails hands out (test/handlers.ts). */
const DOCUMENT = '/api/institution/summit-cu/user/u-1/fetchdocument/p-1?token=doc-token'

// The page's own texts as the page carries them (the tests' page carries English's: test/page-texts.ts).
const english = structuredClone(screens.findContract)

beforeEach(() => {
  vi.spyOn(window, 'open').mockReturnValue(null)
})

afterEach(() => {
  document.documentElement.lang = 'en-US'
  Object.assign(screens.findContract, english)
  vi.restoreAllMocks()
})

async function findContract() {
  const { user } = renderApp(PAGE)
  await user.type(await screen.findByTestId('contract-last-name'), 'Doe')
  await user.type(screen.getByTestId('contract-zip'), '80202')
  await user.click(screen.getByTestId('find-contract-submit'))
  await screen.findByTestId('contract-opened')
}

describe("the found contract's English version", () => {
  it('is linked on a Spanish page, saying in Spanish that the filed terms exist only in English', async () => {
    document.documentElement.lang = 'es-US'
    Object.assign(screens.findContract, spanish.screens.findContract)
    await findContract()
    const link = spanish.screens.findContract.englishVersionLink
    expect(screen.getByTestId('contract-english-version')).toHaveTextContent(
      fill(spanish.screens.findContract.englishOnly, { link }),
    )
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', `${DOCUMENT}&language=en`)
  })

  it('is not linked on an English page', async () => {
    await findContract()
    expect(screen.queryByTestId('contract-english-version')).not.toBeInTheDocument()
  })
})
