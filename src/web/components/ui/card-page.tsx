import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';
import { Card, CardContent } from './card';

interface CardPageProps {
  /** A wider card with more room (the payment result) than the narrow default (forms). */
  isWide?: boolean;
  className?: string;
  children: ReactNode;
}

/** A page that is one card in the middle: email verification, password reset, payment result. */
export function CardPage({ isWide = false, className, children }: CardPageProps) {
  return (
    <div className={cn('mx-auto w-full px-4 py-10 sm:py-16', isWide ? 'max-w-2xl' : 'max-w-md')}>
      <Card>
        <CardContent className={cn(isWide ? 'space-y-6 p-6 sm:p-8' : 'space-y-4 p-6', className)}>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}
