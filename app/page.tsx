import { connection } from 'next/server';
import { listFeed } from '@/lib/data/takes';
import { FEED_PAGE_SIZE } from '@/lib/constants';

export default async function HomePage() {
  await connection();
  const takes = await listFeed({ limit: FEED_PAGE_SIZE });
  return (
    <main className="page">
      <h1>Takes</h1>
      <ul className="take-list" aria-label="Takes">
        {takes.map((take) => (
          <li key={take._id} className="take">
            <div className="meta">{take.createdBy.username}</div>
            <h2>{take.title}</h2>
            <p>{take.description}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
