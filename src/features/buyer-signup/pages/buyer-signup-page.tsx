import { Island } from '../../../lib/island';
import { BuyerSignup } from '../components/buyer-signup';

/** The page is one island (src/lib/island.tsx): the whole form is for a person to touch. */
export default function BuyerSignupPage() {
  return <Island name="buyer-signup" of={BuyerSignup} />;
}
