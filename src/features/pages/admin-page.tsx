import { useParams } from 'wouter';
import './pages.css';

const titles: Record<string, string> = {
  products: 'Admin Products',
  pujas: 'Admin Pujas',
  packages: 'Admin Packages',
  users: 'Admin Users',
  orders: 'Admin Orders',
  bookings: 'Admin Bookings',
};

/** SPEC.md: the admin routes exist as placeholders only. */
export function AdminPage() {
  const { section } = useParams<{ section?: string }>();
  const title = (section && titles[section]) ?? 'Admin Dashboard';
  return (
    <div className="container page placeholder-page">
      <h1>{title} - Coming Soon</h1>
      <p>This area is being built.</p>
    </div>
  );
}
