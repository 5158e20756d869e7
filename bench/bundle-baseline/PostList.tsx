import { DataTable, DateField, List } from 'react-admin';

/** The one resource view of the baseline, loaded on demand like every view of the SPA. */
const PostList = () => (
  <List>
    <DataTable>
      <DataTable.Col source="title" />
      <DataTable.Col source="publishedAt" field={DateField} />
    </DataTable>
  </List>
);

export default PostList;
