import { Button } from '@stod/ui/Button.tsx';
import { Volume2, VolumeX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Chime } from '../lib/chime.ts';

/** Sound for what is new on a live screen: browsers allow it only after a tap. */
export function SoundSwitch({ chime }: { chime: Chime }) {
  const { t } = useTranslation();
  if (chime.state === 'unavailable') return null;
  if (chime.state === 'on')
    return (
      <p className="flex items-center gap-2 text-base text-slate-700" data-testid="sound-on">
        <Volume2 size={20} aria-hidden="true" />
        {t('kitchen.soundOn')}
      </p>
    );
  return (
    <Button
      variant="secondary"
      block={false}
      onClick={chime.enable}
      icon={<VolumeX size={20} aria-hidden="true" />}
    >
      {t('kitchen.enableSound')}
    </Button>
  );
}
