import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'

/** Placeholder while a screen's code or the institution loads. */
export function PageSkeleton() {
  return (
    <Box data-testid="page-skeleton" aria-busy="true" sx={{ p: 4, maxWidth: 600, mx: 'auto' }}>
      <Skeleton variant="text" height={48} />
      <Skeleton variant="rectangular" height={56} sx={{ my: 2 }} />
      <Skeleton variant="rectangular" height={48} />
    </Box>
  )
}
