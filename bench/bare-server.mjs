// Baseline for the page benchmark: a bare Fastify JSON route, no database, no auth.
import Fastify from 'fastify';

const app = Fastify();
const rows = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  name: `Row ${i + 1}`,
  price: 1000 + i,
  status: 1,
  createTime: '2026-01-01 00:00:00',
}));
app.post('/page', async () => ({
  code: 1000,
  message: 'success',
  data: { list: rows, pagination: { page: 1, size: 20, total: 20 } },
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
