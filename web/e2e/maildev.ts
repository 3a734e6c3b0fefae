/** Reads verification codes from maildev's REST API (GET /email lists every message). */

export interface MaildevMessage {
  id: string
  to: Array<{ address: string }>
  /** The attached files: the name the message gives each, and the one maildev serves it under. */
  attachments?: Array<{ fileName: string; generatedFileName: string; contentType: string }>
  /** The sender and the reply address, as maildev's parser reads From and Reply-To. */
  from?: Array<{ address: string; name: string }>
  replyTo?: Array<{ address: string; name: string }>
  subject: string
  text?: string
  html?: string
  date?: string
}

const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080'

function codeIn(message: MaildevMessage): string | null {
  const body = `${message.subject}\n${message.text ?? ''}\n${(message.html ?? '').replace(/<[^>]+>/g, ' ')}`
  return body.match(/\b(\d{6})\b/)?.[1] ?? null
}

/** Polls maildev until a message to `address` carrying a 6-digit code arrives; returns the newest code. */
export async function waitForVerificationCode(address: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  const wanted = address.toLowerCase()
  let lastError: Error | null = null
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${MAILDEV_URL}/email`)
      if (response.ok) {
        const messages = (await response.json()) as MaildevMessage[]
        const codes = messages
          .filter((m) => m.to?.some((to) => to.address.toLowerCase() === wanted))
          .map(codeIn)
          .filter((code): code is string => code !== null)
        if (codes.length > 0) return codes[codes.length - 1]
      }
    } catch (error) {
      lastError = error instanceof Error ? error : new Error(JSON.stringify(error))
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`No verification email to ${address} within ${timeoutMs} ms (${lastError?.toString() ?? 'none found'})`)
}

/** Every message maildev holds for `address` (compared without case), oldest first. */
export async function emailsTo(address: string): Promise<MaildevMessage[]> {
  const response = await fetch(`${MAILDEV_URL}/email`)
  if (!response.ok) throw new Error(`maildev answered ${response.status}`)
  const wanted = address.toLowerCase()
  const messages = (await response.json()) as MaildevMessage[]
  return messages.filter((m) => m.to?.some((to) => to.address.toLowerCase() === wanted))
}

/** Polls until `count` messages to `address` carry a code; returns their codes, oldest first. */
export async function waitForVerificationCodes(address: string, count: number, timeoutMs = 60_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const codes = (await emailsTo(address)).map(codeIn).filter((code): code is string => code !== null)
    if (codes.length >= count) return codes
    if (Date.now() > deadline)
      throw new Error(`${codes.length} of ${count} verification emails to ${address} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** Polls until a message to `address` whose subject matches `subject` arrives; returns the newest such message. */
export async function waitForEmail(address: string, subject: RegExp, timeoutMs = 60_000): Promise<MaildevMessage> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await emailsTo(address)).filter((message) => subject.test(message.subject))
    if (found.length > 0) return found[found.length - 1]
    if (Date.now() > deadline) throw new Error(`No email '${subject}' to ${address} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The 'continue your purchase' link ({public}/{iid}/resume/{token}) of the newest code email to `address`. */
export async function waitForContinueLink(address: string, timeoutMs = 60_000): Promise<string> {
  const message = await waitForEmail(address, /verification code/i, timeoutMs)
  const link = `${message.text ?? ''}\n${message.html ?? ''}`.match(/https?:\/\/[^\s"<>]+\/resume\/[A-Za-z0-9_-]+/)?.[0]
  if (!link) throw new Error(`No continue link in the code email to ${address}`)
  return link
}

/** An attachment of `message` (`contract-….pdf`), its bytes as maildev keeps them. */
export async function attachment(message: MaildevMessage, fileName: string): Promise<Buffer> {
  const file = message.attachments?.find((candidate) => candidate.fileName === fileName)
  if (!file)
    throw new Error(
      `No attachment ${fileName} in '${message.subject}' (${message.attachments?.map((a) => a.fileName).join(', ')})`,
    )
  const res = await fetch(`${MAILDEV_URL}/email/${message.id}/attachment/${encodeURIComponent(file.generatedFileName)}`)
  if (!res.ok) throw new Error(`maildev answered ${res.status} for ${fileName}`)
  return Buffer.from(await res.arrayBuffer())
}
