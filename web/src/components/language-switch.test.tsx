import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reloadPage } from '../lib/language'
import { LanguageSwitch } from './language-switch'

vi.mock('../lib/language', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/language')>()),
  reloadPage: vi.fn(),
}))

afterEach(() => {
  document.documentElement.lang = 'en-US'
  document.cookie = 'coverline_language=; Path=/; Max-Age=0'
  vi.mocked(reloadPage).mockClear()
})

describe('The language switch', () => {
  it('is not there when the institution offers one language', () => {
    render(<LanguageSwitch languages={['en']} />)
    expect(screen.queryByTestId('language-switch')).not.toBeInTheDocument()
  })

  it('offers Spanish, named in Spanish, on an English page; choosing it remembers it and loads the page again', async () => {
    document.documentElement.lang = 'en-US'
    render(<LanguageSwitch languages={['en', 'es']} />)
    const button = screen.getByRole('button', { name: 'Español' })
    expect(button).toHaveAttribute('lang', 'es')
    expect(button).toHaveTextContent('ES')
    await userEvent.click(button)
    expect(document.cookie).toContain('coverline_language=es')
    expect(reloadPage).toHaveBeenCalledOnce()
  })

  it('offers English on a Spanish page', async () => {
    document.documentElement.lang = 'es-US'
    render(<LanguageSwitch languages={['en', 'es']} />)
    const button = screen.getByRole('button', { name: 'English' })
    expect(button).toHaveAttribute('lang', 'en')
    await userEvent.click(button)
    expect(document.cookie).toContain('coverline_language=en')
  })
})
