import type { ProfileFields } from '../accounts.schema';
import type { NewUserRow } from './accounts.tables';
import { emptyToNull } from './find-users';

/**
 * The one mapping from the profile fields every form sends (sign-up, complete profile, edit
 * account) to the users columns. Optional answers left empty ('') are stored as null.
 */
export function profileColumns(fields: ProfileFields): Pick<NewUserRow, keyof ProfileFields> {
  return {
    firstName: fields.firstName,
    lastName: fields.lastName,
    username: fields.username,
    phoneNumber: emptyToNull(fields.phoneNumber),
    address: emptyToNull(fields.address),
    imdbPageLink: emptyToNull(fields.imdbPageLink),
    whatAreYouLookingFor: emptyToNull(fields.whatAreYouLookingFor),
    howDidYouHearAboutUs: emptyToNull(fields.howDidYouHearAboutUs),
  };
}
