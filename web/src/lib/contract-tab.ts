import { screens } from './product'

/**
 * The tab the contract opens in. Popup blockers allow a new window only during the member's click,
 * and the contract's link arrives after a call to the API: the tab is opened blank in the click
 * (openContractTab) and pointed at the contract once the link is there, or closed when there is
 * none. Where even that was blocked, the link opens directly (the page also shows it as a link).
 * Find-your-contract opens the bought contract this way, the review page the sample contract.
 */
export interface ContractTab {
  /** Shows the contract in the tab. */
  show(url: string): void
  /** Closes the tab: nothing to show in it. */
  close(): void
}

/** Opens a blank tab now (call it in the click's handler), to show the contract in later; `title` names it meanwhile. */
export function openContractTab(title: string = screens.lib.contractTabTitle): ContractTab {
  try {
    return contractTab(window.open('', '_blank'), title)
  } catch {
    return contractTab(null, title)
  }
}

/** No tab opened ahead: the contract opens in a new one when its link comes (a blocker may stop it). */
export function noContractTab(): ContractTab {
  return contractTab(null, '')
}

function contractTab(tab: Window | null, title: string): ContractTab {
  if (tab) {
    // The contract's page needs no way back to this one.
    tab.opener = null
    tab.document.title = title
  }
  return {
    show(url) {
      if (tab && !tab.closed) tab.location.replace(new URL(url, window.location.href).href)
      else window.open(url, '_blank', 'noopener')
    },
    close() {
      if (tab && !tab.closed) tab.close()
    },
  }
}
