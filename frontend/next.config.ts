import type { NextConfig } from 'next';

// The browser talks to one origin: /api/* is proxied to the NestJS API, so the
// session cookie just works. API_URL is read when the dashboard is built.
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3001';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The browser tests build into their own folder so they never clobber `npm start`'s build.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  reactStrictMode: true,
  env: { API_URL: apiUrl },
  async rewrites() {
    return [{ source: '/api/:path*', destination: `${apiUrl}/api/:path*` }];
  },
};

export default nextConfig;
