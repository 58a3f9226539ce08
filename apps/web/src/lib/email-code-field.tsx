import { EMAIL_CODE_LENGTH } from '@stod/domain';
import type { ComponentProps } from 'react';
import { Field } from '@stod/ui/Field.tsx';
import { cn } from '@stod/ui/cn.ts';

/**
 * The field for the code an e-mail sends (an address change, an address verified to accept an
 * invitation): offered by the phone's keyboard from the message, in capitals, spaced wide, with
 * room for the spaces a pasted code may carry.
 */
export function EmailCodeField({ className, ...props }: ComponentProps<typeof Field>) {
  return (
    <Field
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={EMAIL_CODE_LENGTH + 2}
      className={cn(
        '[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]',
        className,
      )}
      {...props}
    />
  );
}
