import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type { DraftStorage } from '../../../db/drafts.repo';
import { useParams } from 'wouter';
import { START_STEP, buyerPictureAlts, buyerStepPicture } from '../steps';
import { StartStep, WizardFrame } from '../components/frame';
import { loadBuyerWizard } from '../load-wizard';
import { readBuyerDraft, type BuyerDraft } from '../buyer-draft.repo';

type Wizard = ComponentType<{
  draft: BuyerDraft | null;
  begin: boolean;
  storage: DraftStorage;
  partnerCode: string | undefined;
}>;

type DraftRead =
  { status: 'reading' } | { status: 'read'; draft: BuyerDraft | null; storage: DraftStorage };

/**
 * /signup and /signup/{code} (spec 2.6, issue 5). The prerendered HTML is the intro, which needs
 * neither IndexedDB nor the questions' code: the draft is read after mount; the questions load
 * on 'C’est parti !', or at once when a draft past the intro is found.
 */
export default function BuyerSignupPage() {
  const { code } = useParams<{ code?: string }>();
  const [read, setRead] = useState<DraftRead>({ status: 'reading' });
  const [wizard, setWizard] = useState<{ view: Wizard; begin: boolean } | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const open = useCallback((begin: boolean) => {
    setLoading(true);
    setLoadError(null);
    loadBuyerWizard().then(
      (module) => setWizard({ view: module.default, begin }),
      () => {
        setLoading(false);
        setLoadError(
          'Les questions n’ont pas pu être chargées. Vérifiez votre connexion puis réessayez.',
        );
      },
    );
  }, []);

  useEffect(() => {
    let current = true;
    void readBuyerDraft().then((draft) => {
      if (!current) return;
      const found = typeof draft === 'string' ? null : draft;
      setRead({ status: 'read', draft: found, storage: typeof draft === 'string' ? draft : 'ok' });
      if (found && found.step > START_STEP) open(false);
    });
    return () => {
      current = false;
    };
  }, [open]);

  if (wizard && read.status === 'read') {
    const View = wizard.view;
    return (
      <View draft={read.draft} begin={wizard.begin} storage={read.storage} partnerCode={code} />
    );
  }
  return (
    <WizardFrame
      busy={read.status === 'reading' || loading}
      picture={{
        src: buyerStepPicture(START_STEP),
        alt: buyerPictureAlts[START_STEP] ?? '',
        priority: true,
      }}
    >
      <StartStep
        ready={read.status === 'read'}
        loading={loading}
        error={loadError}
        onStart={() => open(true)}
        onIntent={() => void loadBuyerWizard().catch(() => undefined)}
      />
    </WizardFrame>
  );
}
