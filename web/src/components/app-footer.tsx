import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { Link as RouterLink } from 'react-router'

export interface FooterLink {
  label: string
  to: string
}

/** The footer under every page: links to the footer pages (e.g. Security). */
export function AppFooter(props: { links: readonly FooterLink[] }) {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 2 }}>
      <Stack direction="row" spacing={3} sx={{ justifyContent: 'center' }}>
        {props.links.map((link) => (
          <Link
            key={link.to}
            component={RouterLink}
            to={link.to}
            variant="body2"
            color="text.secondary"
            data-testid={`footer-link-${link.label.toLowerCase()}`}
          >
            {link.label}
          </Link>
        ))}
      </Stack>
    </Box>
  )
}
