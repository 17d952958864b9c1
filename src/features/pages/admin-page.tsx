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

/** The admin routes exist as placeholders only (docs/product-rules.md, Routes and pages). */
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
