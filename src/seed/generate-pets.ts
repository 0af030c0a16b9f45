// Pet names need a locale's data: the English one, loaded only by those who generate pets.
import { faker } from '@faker-js/faker/locale/en';
import type { PetSeed } from '../core/orders/order-input.ts';
import { type GenerateOptions, seeded } from './generate.ts';

const PET_KINDS = ['dog', 'cat', 'bird', 'rabbit', 'fish', 'hamster'];

/** Pets for the deprecated lookup: ids 1..count with a name and a kind. */
export function generatePets({ seed, count }: GenerateOptions): PetSeed[] {
  const named = seeded(faker, seed);
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: named.animal.petName(),
    tag: named.helpers.arrayElement(PET_KINDS),
  }));
}
