import { Link } from 'wouter';
import './pages.css';

export function NotFoundPage() {
  return (
    <div className="container page placeholder-page">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <Link href="/" className="button button--primary">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
