import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StaticShellDone, takeEmbeddedInstitution } from './static-shell'

/** The page as the server writes it for an institution (api/src/http/web_page.rs). */
function serverPage(json: string) {
  document.body.innerHTML = `<script type="application/json" id="coverline-institution">${json}</script>
    <div id="coverline-shell"><h1>Summit Credit Union</h1></div><div id="root"></div>`
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the institution in the page', () => {
  it('is taken once, for its own institution only', () => {
    // As the server escapes it: no '<' inside the script element.
    serverPage('{"institutionId":"summit-cu","name":"Summit \\u003c/script\\u003e CU"}')
    expect(takeEmbeddedInstitution('summit-cu')).toMatchObject({ institutionId: 'summit-cu', name: 'Summit </script> CU' })
    // Taken: the next load (a new tab state, a retry) asks the API.
    expect(takeEmbeddedInstitution('summit-cu')).toBeUndefined()
  })

  it('is not used for another institution, nor when it does not parse', () => {
    serverPage(JSON.stringify({ institutionId: 'summit-cu' }))
    expect(takeEmbeddedInstitution('harborline-bank')).toBeUndefined()
    serverPage('{not json')
    expect(takeEmbeddedInstitution('summit-cu')).toBeUndefined()
  })
})

describe('the static shell', () => {
  it('goes when the app has something of its own to show', () => {
    serverPage('{}')
    expect(document.getElementById('coverline-shell')).not.toBeNull()
    render(<StaticShellDone />, { container: document.getElementById('root')! })
    expect(document.getElementById('coverline-shell')).toBeNull()
  })
})
