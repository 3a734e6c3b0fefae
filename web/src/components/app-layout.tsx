import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import { useColorScheme } from '@mui/material/styles'
import type { ReactNode } from 'react'
import { ArrowBackIcon, ChevronLeftIcon, DarkModeIcon, LightModeIcon } from './icons'

export interface AppLayoutProps {
  title: string
  /** 0–100; null hides the bar. */
  progress: number | null
  /** Shown only when there is somewhere to go back to. */
  onBack?: () => void
  logoUrl: string | null
  institutionName: string
  /** 'Year Make Model Style' on car pages. */
  carLine?: string | null
  allowDarkModeToggle: boolean
  /** Error pages go back with a chevron. */
  backIcon?: 'arrow' | 'chevron'
  children: ReactNode
}

function DarkModeToggle() {
  const { mode, systemMode, setMode } = useColorScheme()
  const current = mode === 'system' ? systemMode : mode
  const dark = current === 'dark'
  return (
    <IconButton
      aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      data-testid="dark-mode-toggle"
      onClick={() => setMode(dark ? 'light' : 'dark')}
    >
      {dark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  )
}

/** The shared page frame: back button, institution logo, progress bar, title and car line. */
export function AppLayout(props: AppLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}>
      <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          <Box sx={{ width: 48 }}>
            {props.onBack && (
              <IconButton aria-label="Back" data-testid="back-button" onClick={props.onBack} edge="start">
                {props.backIcon === 'chevron' ? <ChevronLeftIcon /> : <ArrowBackIcon />}
              </IconButton>
            )}
          </Box>
          <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center' }}>
            {props.logoUrl ? (
              <Box
                component="img"
                src={props.logoUrl}
                alt={props.institutionName}
                data-testid="institution-logo"
                sx={{ maxHeight: 48, maxWidth: 220 }}
              />
            ) : (
              <Typography variant="h6">{props.institutionName}</Typography>
            )}
          </Box>
          <Box sx={{ width: 48 }}>{props.allowDarkModeToggle && <DarkModeToggle />}</Box>
        </Toolbar>
        {props.progress !== null && (
          <LinearProgress
            variant="determinate"
            value={props.progress}
            aria-label="Progress"
            data-testid="progress-bar"
          />
        )}
      </AppBar>
      <Container maxWidth="sm" component="main" sx={{ py: 4 }}>
        {props.title && (
          <Typography variant="h5" component="h1" gutterBottom data-testid="page-title">
            {props.title}
          </Typography>
        )}
        {props.carLine && (
          <Typography variant="subtitle1" color="text.secondary" gutterBottom data-testid="car-line">
            {props.carLine}
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>{props.children}</Box>
      </Container>
    </Box>
  )
}
