import { Heading } from '@radix-ui/themes';

/** /placements shows only the text 'Placements' (docs/product.md §2). */
export default function PlacementsScreen() {
  return (
    <Heading as="h1" size="7">
      Placements
    </Heading>
  );
}
