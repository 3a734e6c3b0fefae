// The page's catalogue, as the server writes it (api/src/http/web_page.rs), before any module reads
// it (lib/product.ts): the tests run in English, the spec's texts.
import english from '../../../domain/texts/en.json'

const element = document.createElement('script')
element.type = 'application/json'
element.id = 'coverline-texts'
element.textContent = JSON.stringify(english)
document.head.append(element)
