import { Datagrid, List, TextField } from 'react-admin';

/** The floor's one resource view, loaded on demand like the SPA's list. */
const ContactList = () => (
  <List>
    <Datagrid rowClick={false}>
      <TextField source="lastName" />
      <TextField source="firstName" />
      <TextField source="email" />
      <TextField source="phone" />
    </Datagrid>
  </List>
);

export default ContactList;
