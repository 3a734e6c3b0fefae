import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon'
import { ICON_PATHS } from './icon-paths'

/** The few Material icons the MUI screens need, inlined (saves the @mui/icons-material dependency). */
export function ChevronLeftIcon(props: SvgIconProps) {
  return <SvgIcon {...props}>{ICON_PATHS.chevronLeft}</SvgIcon>
}

export function ChevronRightIcon(props: SvgIconProps) {
  return <SvgIcon {...props}>{ICON_PATHS.chevronRight}</SvgIcon>
}

export function PhotoCameraIcon(props: SvgIconProps) {
  return <SvgIcon {...props}>{ICON_PATHS.photoCamera}</SvgIcon>
}

export function CheckCircleIcon(props: SvgIconProps) {
  return <SvgIcon {...props}>{ICON_PATHS.checkCircle}</SvgIcon>
}

export function FlipIcon(props: SvgIconProps) {
  return <SvgIcon {...props}>{ICON_PATHS.flip}</SvgIcon>
}

export function ExpandMoreIcon(props: SvgIconProps) {
  return <SvgIcon {...props}>{ICON_PATHS.expandMore}</SvgIcon>
}

export function CheckIcon(props: SvgIconProps) {
  return <SvgIcon {...props}>{ICON_PATHS.check}</SvgIcon>
}
