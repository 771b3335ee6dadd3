import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@pp/browser-kit';
import { useSupportConfig } from '../../features/support/api';
import { loadExternalWidget } from '../../features/support/components/external-widget';

const SupportChat = lazy(() => import('../../features/support/components/support-chat').then((m) => ({ default: m.SupportChat })));

/**
 * Customer service (decision 024): the built-in live chat, or, when the operator configured a
 * third-party widget (support.liveChatScript), that widget's script, loaded only then. The
 * dialog's own close button in its head is the one way out besides Escape: a second Close below
 * the chat said the same thing twice and took a line of a phone's screen.
 */
export function SupportPanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const config = useSupportConfig();
  const externalUrl = config.data?.mode === 'external' ? config.data.scriptUrl : null;
  useEffect(() => {
    if (isOpen && externalUrl) loadExternalWidget(externalUrl);
  }, [isOpen, externalUrl]);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('support.title')} className="dialog-wide">
      {!isOpen ? null : config.isPending ? (
        <p role="status">{t('support.chat.loading')}</p>
      ) : externalUrl ? (
        <p>{t('support.chat.external')}</p>
      ) : (
        <Suspense fallback={<p role="status">{t('support.chat.loading')}</p>}>
          <SupportChat onOpenHelp={onClose} />
        </Suspense>
      )}
    </Dialog>
  );
}
