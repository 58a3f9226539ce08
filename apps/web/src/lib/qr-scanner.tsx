import { fillCodeAnswerSchema, normaliseFillCode } from '@stod/domain';
import { CameraOff, ImageUp, ScanLine } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { closeModal, openModal } from '@stod/ui/modal-store.ts';
import { showToast } from '@stod/ui/toast-store.ts';
import { isNativePlatform } from '../platform/capacitor.ts';
import { hasCamera, qrReader, scanNative } from '../platform/scanner.ts';
import { API_BASE } from '../config.ts';
import { loadTexts } from '../i18n/index.ts';
import i18next from 'i18next';
import { apiRequest } from './api-client.ts';
import { deepLinkPath } from './deep-link.ts';

/** How often a video frame is read: fast enough to feel instant, light on a mid-range phone. */
export const SCAN_INTERVAL_MS = 200;

/** The app's own origin: the API's when the app reaches it by URL (native), else the page's. */
function ownOrigin(): string | null {
  try {
    return new URL(API_BASE, window.location.href).origin;
  } catch {
    return null;
  }
}

/**
 * The in-app path a scanned code leads to: a coffee machine's code (`/{hash}`), a pump's, or any
 * other link of the app's own. Anything else is null.
 */
export function scannedPath(text: string, origin: string | null = ownOrigin()): string | null {
  const path = deepLinkPath(text.trim(), origin);
  return path === '/' ? null : path;
}

type CameraState = 'starting' | 'scanning' | 'denied' | 'none' | 'failed';

function cameraError(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'none';
  return 'failed';
}

/**
 * The web's viewfinder: the back camera's picture, read for a QR code five times a second until
 * one is found. The camera is released as soon as it is found, and whenever the sheet closes.
 */
export function QrViewfinder({
  onCode,
  onPath,
}: {
  onCode: (text: string) => void;
  /** A typed code led to this screen of the app. */
  onPath: (path: string) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>(hasCamera() ? 'starting' : 'none');
  const [attempt, setAttempt] = useState(0);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  });

  useEffect(() => {
    if (!hasCamera()) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // Read through a call: the awaits below may find the sheet closed meanwhile.
    const closed = () => stopped;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => {
        track.stop();
      });
      stream = null;
    };
    void (async () => {
      try {
        // The camera first: a refused camera downloads no decoder.
        const media = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        stream = media;
        // Closed while the camera was asked for: no decoder to download.
        if (closed()) return stop();
        const reader = await qrReader();
        const element = video.current;
        if (closed() || !element) return stop();
        element.srcObject = media;
        await element.play().catch(() => undefined);
        setState('scanning');
        const tick = async () => {
          const text =
            element.readyState >= 2 ? await reader.read(element).catch(() => null) : null;
          // The sheet may have closed while the frame was read.
          if (closed()) return;
          if (text) {
            stop();
            found.current(text);
            return;
          }
          timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        };
        void tick();
      } catch (error) {
        stop();
        setState(cameraError(error));
      }
    })();
    return stop;
  }, [attempt]);

  const problem = state === 'denied' || state === 'none' || state === 'failed';
  return (
    <div className="flex flex-col gap-4" data-testid="scanner" data-state={state}>
      {problem ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl bg-slate-50 px-4 py-8 text-center"
        >
          <CameraOff size={40} aria-hidden="true" className="text-slate-600" />
          <p className="text-base text-slate-800">
            {t(
              state === 'denied'
                ? 'scanner.denied'
                : state === 'none'
                  ? 'scanner.noCamera'
                  : 'scanner.failed',
            )}
          </p>
          {state !== 'none' && (
            <Button
              variant="secondary"
              onClick={() => {
                setState('starting');
                setAttempt((n) => n + 1);
              }}
            >
              {t('scanner.retry')}
            </Button>
          )}
        </div>
      ) : (
        <div className="relative mx-auto aspect-square w-full max-w-72 overflow-hidden rounded-3xl bg-slate-900">
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('scanner.camera')}
            className="size-full object-cover"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-[12%] rounded-3xl border-4 border-white/85 shadow-[0_0_0_100vmax_rgba(15,23,42,0.35)]"
          />
          {state === 'starting' && (
            <div className="absolute inset-0 flex items-center justify-center">
              <ScanLine
                size={48}
                aria-hidden="true"
                className="animate-pulse text-white motion-reduce:animate-none"
              />
            </div>
          )}
        </div>
      )}
      {!problem && <p className="text-center text-base text-slate-700">{t('scanner.hint')}</p>}
      <WithoutCamera onCode={onCode} onPath={onPath} />
    </div>
  );
}

/**
 * For a phone whose camera cannot read the code: the code printed under the QR code, typed (or
 * the whole link), and a photo of the QR code, read by the same decoder as the camera's picture.
 */
function WithoutCamera({
  onCode,
  onPath,
}: {
  onCode: (text: string) => void;
  onPath: (path: string) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const photoId = useId();

  const submit = async () => {
    setError(null);
    const text = typed.trim();
    // A whole link of ours, typed or pasted, goes where its QR code would.
    if (scannedPath(text)) {
      onCode(text);
      return;
    }
    const code = normaliseFillCode(text);
    if (!code) {
      setError(t('scanner.typeBad'));
      return;
    }
    setBusy(true);
    const [answer, failure] = await apiRequest(`/beverages/codes/${code}`, {
      schema: fillCodeAnswerSchema,
    });
    setBusy(false);
    if (answer) onPath(`/${answer.hash}`);
    else setError(failure.message);
  };

  const readPhoto = async (file: File | undefined) => {
    setPhotoError(null);
    if (!file) return;
    setBusy(true);
    try {
      const picture = await createImageBitmap(file);
      const text = await (await qrReader()).read(picture).catch(() => null);
      picture.close();
      if (text) onCode(text);
      else setPhotoError(t('scanner.photoNone'));
    } catch {
      setPhotoError(t('scanner.photoNone'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4" data-testid="scanner-typed">
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field
          label={t('scanner.typeLabel')}
          hint={t('scanner.typeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <Button type="submit" variant="secondary" pending={busy}>
          {t('scanner.typeSubmit')}
        </Button>
      </form>
      <label
        htmlFor={photoId}
        className="flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-2xl px-4 text-base font-semibold text-brand-strong underline-offset-4 hover:underline focus-within:outline-3 focus-within:outline-brand"
      >
        <ImageUp size={20} aria-hidden="true" />
        {t('scanner.photo')}
        <input
          id={photoId}
          type="file"
          accept="image/*"
          className="sr-only"
          data-testid="scanner-photo"
          onChange={(e) => void readPhoto(e.target.files?.[0])}
        />
      </label>
      {photoError && (
        <Notice tone="error" testId="scanner-photo-error">
          {photoError}
        </Notice>
      )}
    </div>
  );
}

/** Follows a scanned code to its screen, or says that it is not one of ours. */
export function followScannedCode(text: string, navigate: (path: string) => unknown): void {
  const path = scannedPath(text);
  if (!path) {
    showToast('error', i18next.t('scanner.notOurs'));
    return;
  }
  void navigate(path);
}

/**
 * Opens the scanner: the system's in the native shells, the web's viewfinder in a sheet
 * otherwise. A code of ours opens its screen (a coffee machine's code opens home, then the
 * drink's sheet).
 */
export async function openScanner(navigate: (path: string) => unknown): Promise<void> {
  await loadTexts('scanner');
  if (isNativePlatform()) {
    await scanNative().then((result) => {
      if (result.kind === 'code') followScannedCode(result.text, navigate);
      else if (result.kind === 'denied') showToast('error', i18next.t('scanner.denied'));
      else if (result.kind === 'unavailable') showToast('error', i18next.t('scanner.failed'));
    });
    return;
  }
  let id = 0;
  id = openModal({
    variant: 'sheet',
    title: i18next.t('scanner.title'),
    testId: 'scanner-sheet',
    body: (
      <QrViewfinder
        onCode={(text) => {
          closeModal(id);
          followScannedCode(text, navigate);
        }}
        onPath={(path) => {
          closeModal(id);
          void navigate(path);
        }}
      />
    ),
  });
}
