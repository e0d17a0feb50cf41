import { PageLoading } from '@/components/entity/page-loading';

export default function Loading() {
  return <PageLoading />;
}
