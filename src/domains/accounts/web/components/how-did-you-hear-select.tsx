import { forwardRef, type SelectHTMLAttributes } from 'react';
import { Select } from '@/web/components/ui/input';
import { HOW_DID_YOU_HEAR_OPTIONS } from '../../accounts.constants';

/** The spec's eight how-did-you-hear options (value = label). */
export const HowDidYouHearSelect = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement>
>(function HowDidYouHearSelect(props, ref) {
  return (
    <Select ref={ref} {...props}>
      <option value="">Select an option</option>
      {HOW_DID_YOU_HEAR_OPTIONS.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </Select>
  );
});
