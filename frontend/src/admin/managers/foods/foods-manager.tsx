import { type FoodData, type FoodWrite, foodSchema } from '@coffee-guide/contracts';
import { NUTRIENT_KEYS } from '@coffee-guide/recipe';
import { Anchor, Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { AUDIT_KEY } from '@/admin/api/resources';
import { showError, showSuccess } from '@/admin/components/toasts';
import { adminFetch } from '@/admin/session/admin-fetch';
import { RecipeEditor } from './recipe-editor';
import { useRole } from '@/admin/session/use-role';

const FOODS_KEY = ['admin', 'foods'] as const;
const LABELS: Record<(typeof NUTRIENT_KEYS)[number], string> = {
  kcal: 'Calories (kcal)',
  fat: 'Fat (g)',
  sat: 'Saturated fat (g)',
  chol: 'Cholesterol (mg)',
  sodium: 'Sodium (mg)',
  carbs: 'Carbohydrates (g)',
  fiber: 'Fiber (g)',
  sugars: 'Sugars (g)',
  protein: 'Protein (g)',
  caffeine: 'Caffeine (mg)',
};
const round = (x: number) => Math.round(x * 1000) / 1000;

function FoodForm({ food, onClose }: { food: FoodData; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, String(round(food[k]))])),
  );
  const save = useMutation({
    mutationFn: (body: FoodWrite) =>
      adminFetch(`/api/admin/foods/${encodeURIComponent(food.key)}`, {
        method: 'PUT',
        body,
        schema: z.object({ food: foodSchema, recomputed: z.number() }),
      }),
    onSuccess: (result) => {
      showSuccess('Food saved', `${food.name}: ${result.recomputed} price and nutrition rows recomputed.`);
      for (const key of [FOODS_KEY, ['admin', 'prices'], ['admin', 'nutrition'], AUDIT_KEY])
        void queryClient.invalidateQueries({ queryKey: key });
      onClose();
    },
    onError: (error) => showError(error, 'Could not save the food'),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, Number(values[k])])) as FoodWrite);
      }}
    >
      <Stack>
        <Text size="sm">
          Per 100 g. Every drink whose recipe uses this food is recomputed, except rows set by hand.
        </Text>
        <SimpleGrid cols={2}>
          {NUTRIENT_KEYS.map((k) => (
            <TextInput
              key={k}
              type="number"
              min={0}
              step="any"
              required
              label={LABELS[k]}
              value={values[k]}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues((s) => ({ ...s, [k]: v }));
              }}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The foods table (docs/recipes.md): per-100 g figures every estimate is summed from, with their sources. */
export function FoodsManager() {
  const foods = useQuery({
    queryKey: FOODS_KEY,
    queryFn: () => adminFetch('/api/admin/foods', { schema: z.array(foodSchema) }),
  });
  const [editing, setEditing] = useState<FoodData | null>(null);
  const { canWrite } = useRole();
  return (
    <Stack>
      <Title order={2}>Foods</Title>
      <Text size="sm" c="dimmed">
        The ingredients of every recipe, per 100 g. A correction recomputes the prices and nutrition of every drink that
        uses the food (rows edited by hand stay) and is audited.
      </Text>
      {foods.isError && <Text c="red">The foods table could not be loaded.</Text>}
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder aria-label="Foods">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Food</Table.Th>
              <Table.Th>kcal</Table.Th>
              <Table.Th>Fat g</Table.Th>
              <Table.Th>Sugars g</Table.Th>
              <Table.Th>Protein g</Table.Th>
              <Table.Th>Caffeine mg</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(foods.data ?? []).map((f) => (
              <Table.Tr key={f.key}>
                <Table.Td>
                  {f.name} {f.edited && <Badge size="xs">edited</Badge>}
                </Table.Td>
                <Table.Td>{round(f.kcal)}</Table.Td>
                <Table.Td>{round(f.fat)}</Table.Td>
                <Table.Td>{round(f.sugars)}</Table.Td>
                <Table.Td>{round(f.protein)}</Table.Td>
                <Table.Td>{round(f.caffeine)}</Table.Td>
                <Table.Td>
                  {f.url ? (
                    <Anchor href={f.url} target="_blank" rel="noopener noreferrer" size="sm">
                      {f.source}
                    </Anchor>
                  ) : (
                    <Text size="sm">{f.source}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {/* a viewer reads the figures and changes none (docs/security.md, "Roles") */}
                  {canWrite && (
                    <Button size="xs" variant="light" onClick={() => setEditing(f)} aria-label={`Edit ${f.name}`}>
                      Edit
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canWrite && <RecipeEditor />}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing ? `Edit ${editing.name}` : ''}>
        {editing && <FoodForm food={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
