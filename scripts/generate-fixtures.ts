/**
 * Writes fixtures/orders.json and fixtures/pets.json from a fixed seed.
 * Usage: npm run fixtures -- [--seed 7] [--orders 25] [--pets 10]
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { generateOrders, generatePets } from '../src/seed/generate.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '7' },
    orders: { type: 'string', default: '25' },
    pets: { type: 'string', default: '10' },
  },
});
const seed = Number(values.seed);
const fixtures = new URL('../fixtures/', import.meta.url);
const orders = generateOrders({ seed, count: Number(values.orders) });
const pets = generatePets({ seed, count: Number(values.pets) });
await writeFile(new URL('orders.json', fixtures), `${JSON.stringify(orders, null, 2)}\n`);
await writeFile(new URL('pets.json', fixtures), `${JSON.stringify(pets, null, 2)}\n`);

const idsWith = (status: string) =>
  orders.filter((order) => order.status === status).map((order) => order.id);
console.log(`pending: ${idsWith('pending').join(', ')}`);
console.log(`shipped: ${idsWith('shipped').join(', ')}`);
