import type { Metadata } from 'next';
import { PolicyPage } from '@/components/policy/policy-page';
import { TERMS_OF_SERVICE } from '@/lib/site/policies';

export const metadata: Metadata = { title: 'Terms of Service', description: 'The rules for using Takes.' };

export default function TermsPage() {
  return <PolicyPage policy={TERMS_OF_SERVICE} />;
}
