import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/web/lib/cn';

export type ButtonVariant =
  'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'link' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-200 disabled:text-slate-600',
  secondary:
    'bg-slate-900 text-white hover:bg-slate-800 disabled:bg-slate-200 disabled:text-slate-600',
  outline:
    'border border-slate-300 bg-white text-ink hover:bg-surface-sunken disabled:text-slate-500',
  ghost: 'text-ink-soft hover:bg-surface-sunken disabled:text-slate-500',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-100 disabled:text-red-800',
  link: 'text-brand-700 underline-offset-4 hover:underline',
  /** Outline button on a dark background. */
  inverse: 'border border-white/80 text-white hover:bg-white/10 disabled:text-slate-400',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
};

/** Class names of a button, for links styled as buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(buttonClasses(variant, size), className)}
      {...props}
    />
  );
});
