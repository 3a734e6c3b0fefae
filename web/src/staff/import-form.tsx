import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { errorMessage, isSignedOut, staffPosts, type StaffPost } from './staff-api'
import { useStaffPost } from './staff-session'
import { FeedbackAlert, type Feedback } from './staff-ui'

/** A file's bytes as base64 (the logo in the import's JSON body). */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  const chunk = 0x8000
  let binary = ''
  for (let at = 0; at < bytes.length; at += chunk) binary += String.fromCharCode(...bytes.subarray(at, at + chunk))
  return btoa(binary)
}

/** A labelled file input; its error (if any) is read with it. */
function FileField(props: {
  label: string
  hint: ReactNode
  accept: string
  error?: string | null
  disabled: boolean
  onChange: (file: File | null) => void
}) {
  const id = useId()
  return (
    <Stack spacing={0.5}>
      <Typography component="label" htmlFor={id} sx={{ fontWeight: 500 }}>
        {props.label}
      </Typography>
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
        {props.hint}
      </Typography>
      <Box
        component="input"
        id={id}
        type="file"
        accept={props.accept}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => props.onChange(event.target.files?.[0] ?? null)}
        sx={{ font: 'inherit', maxWidth: '100%', py: 0.5 }}
      />
      {props.error && (
        <Typography id={`${id}-error`} variant="body2" color="error">
          {props.error}
        </Typography>
      )}
    </Stack>
  )
}

const WORDING = {
  institution: {
    title: 'Import an institution',
    hint: (
      <>
        The file <code>coverline institution import</code> reads; an institution with the same id is replaced.
      </>
    ),
    missing: 'Choose the institution’s TOML file.',
  },
  integrator: {
    title: 'Import an integrator',
    hint: (
      <>
        The file <code>coverline integrator import</code> reads; an integrator with the same id is replaced.
      </>
    ),
    missing: 'Choose the integrator’s TOML file.',
  },
}

/**
 * "Import an institution" (its TOML file and, optionally, its logo: none sent, the stored one stays)
 * or "Import an integrator" (its TOML file), posted as JSON. The answer's message, or why the file
 * was refused, shows under the form.
 */
export function ImportForm(props: { kind: 'institution' | 'integrator'; onImported: () => void }) {
  const id = useId()
  const wording = WORDING[props.kind]
  const send = useStaffPost()
  const form = useRef<HTMLFormElement>(null)
  const [toml, setToml] = useState<File | null>(null)
  const [logo, setLogo] = useState<File | null>(null)
  const [missing, setMissing] = useState(false)
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<Feedback | null>(null)

  const request = async (file: File): Promise<StaffPost> => {
    const text = await file.text()
    if (props.kind === 'integrator') return staffPosts.importIntegrator(text)
    return staffPosts.importInstitution(logo ? { toml: text, logoBase64: await base64Of(logo) } : { toml: text })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!toml) {
      setMissing(true)
      return
    }
    setMissing(false)
    setFeedback(null)
    setBusy(true)
    let post: StaffPost
    try {
      post = await request(toml)
    } catch {
      setFeedback({ kind: 'error', message: 'The file could not be read. Choose it again.' })
      setBusy(false)
      return
    }
    try {
      setFeedback({ kind: 'answer', answer: await send(post) })
      form.current?.reset()
      setToml(null)
      setLogo(null)
      props.onImported()
    } catch (error) {
      if (!isSignedOut(error)) setFeedback({ kind: 'error', message: errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack
        component="form"
        ref={form}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby={`${id}-title`}
        spacing={2}
        data-testid={`staff-import-${props.kind}`}
      >
        <Typography id={`${id}-title`} component="h3" variant="h6">
          {wording.title}
        </Typography>
        <FileField
          label={props.kind === 'institution' ? 'Institution file (TOML)' : 'Integrator file (TOML)'}
          hint={wording.hint}
          accept=".toml"
          error={missing ? wording.missing : null}
          disabled={busy}
          onChange={(file) => {
            setToml(file)
            if (file) setMissing(false)
          }}
        />
        {props.kind === 'institution' && (
          <FileField
            label="Logo (optional)"
            hint="SVG, PNG or JPEG: the file the TOML’s logoName names. None chosen, the stored logo stays."
            accept=".svg,.png,.jpg,.jpeg"
            disabled={busy}
            onChange={setLogo}
          />
        )}
        <FeedbackAlert feedback={feedback} onClose={() => setFeedback(null)} />
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          aria-label={`Import the ${props.kind}`}
          sx={{ alignSelf: 'flex-start' }}
        >
          Import
        </Button>
      </Stack>
    </Paper>
  )
}
