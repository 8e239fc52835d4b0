import { type RecipeData, recipeSchema } from '@coffee-guide/contracts';
import { drinkNutrition, recipeIngredients } from '@coffee-guide/recipe';
import { Button, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { AUDIT_KEY, menuItemsResource, useList } from '@/admin/api/resources';
import { showError, showSuccess } from '@/admin/components/toasts';
import { adminFetch } from '@/admin/session/admin-fetch';

const recipeAnswer = z.object({ menuItemId: z.number(), recipe: recipeSchema.nullable() });

/** Reads the textarea: the recipe, or the first problem with it. */
function readRecipe(text: string): { recipe: RecipeData | null; problem: string | null } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { recipe: null, problem: 'Not valid JSON.' };
  }
  const parsed = recipeSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { recipe: null, problem: `${issue.path.join('.') || 'recipe'}: ${issue.message}` };
  }
  try {
    drinkNutrition(parsed.data); // the cup must hold it
  } catch (error) {
    return { recipe: null, problem: (error as Error).message };
  }
  return { recipe: parsed.data, problem: null };
}

function RecipeForm({ menuItemId, initial }: { menuItemId: number; initial: RecipeData }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const { recipe, problem } = useMemo(() => readRecipe(text), [text]);
  const save = useMutation({
    mutationFn: (body: RecipeData) =>
      adminFetch(`/api/admin/recipes/${menuItemId}`, {
        method: 'PUT',
        body: { recipe: body },
        schema: z.object({ recomputed: z.number() }).loose(),
      }),
    onSuccess: (result) => {
      showSuccess('Recipe saved', `${result.recomputed} price and nutrition rows recomputed.`);
      for (const key of [['admin', 'recipe', menuItemId], ['admin', 'prices'], ['admin', 'nutrition'], AUDIT_KEY])
        void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => showError(error, 'Could not save the recipe'),
  });
  return (
    <Stack>
      <Textarea
        label="Recipe (JSON, docs/recipes.md)"
        autosize
        minRows={10}
        maxRows={24}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={problem}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      {recipe && (
        <Text size="sm" c="dimmed">
          Ingredients: {recipeIngredients(recipe).join(', ')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={() => recipe && save.mutate(recipe)} disabled={!recipe} loading={save.isPending}>
          Save recipe
        </Button>
      </Group>
    </Stack>
  );
}

/** A drink's recipe, corrected by hand: its stored prices and nutrition are recomputed (hand-set rows stay). */
export function RecipeEditor() {
  const items = useList(menuItemsResource);
  const [id, setId] = useState<string | null>(null);
  const recipe = useQuery({
    queryKey: ['admin', 'recipe', Number(id)],
    queryFn: () => adminFetch(`/api/admin/recipes/${id}`, { schema: recipeAnswer.loose() }),
    enabled: id !== null,
  });
  const options = (items.data ?? [])
    .filter((i) => i.category !== 'snacks')
    .map((i) => ({ value: String(i.id), label: i.name }));
  return (
    <Stack>
      <Title order={2}>Recipes</Title>
      <Select label="Drink" placeholder="Pick a drink" searchable data={options} value={id} onChange={setId} />
      {recipe.data?.recipe && <RecipeForm key={id} menuItemId={Number(id)} initial={recipe.data.recipe} />}
      {recipe.data && !recipe.data.recipe && <Text>This item has no recipe.</Text>}
    </Stack>
  );
}
