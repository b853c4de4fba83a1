/**
 * The kit's button: three sizes, each one fixed height (--control-sm/md/lg), and four variants.
 * `buttonClass` gives a link the same look (a router Link that reads as a button).
 */
import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const SIZE_CLASS: Record<ButtonSize, string> = { sm: ' small', md: '', lg: ' large' };

export function buttonClass({
  variant = 'secondary',
  size = 'md',
  block = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; className?: string | undefined } = {}): string {
  return `btn${variant === 'secondary' ? '' : ` ${variant}`}${SIZE_CLASS[size]}${block ? ' block' : ''}${className ? ` ${className}` : ''}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block, className })} {...rest} />;
}
