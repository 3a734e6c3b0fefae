import { PreviewFrame, type PreviewProps } from '../../components/preview-frame'
import { EmailFormView, SplashView } from './splash-page'

/**
 * The splash in the staff's branding preview (`/{institutionId}/splash?preview=light|dark`): the
 * member's splash with the institution's branding, in the mode asked for, and a form that goes
 * nowhere: the address cannot be typed, Continue does nothing, and no captcha challenge is fetched
 * (its place is held as the server's shell holds it).
 */
export default function SplashPreviewPage(props: PreviewProps) {
  return (
    <PreviewFrame {...props} page={{ title: '', progress: null }}>
      {(institution) => (
        <SplashView institution={institution}>
          <EmailFormView
            email={{ name: 'emailAddress', readOnly: true }}
            captcha={<div className="cl-captcha" aria-hidden="true" data-testid="captcha-placeholder" />}
            preview
            onSubmit={(event) => event.preventDefault()}
          />
        </SplashView>
      )}
    </PreviewFrame>
  )
}
