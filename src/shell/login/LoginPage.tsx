import { Login } from 'react-admin';
import { LoginForm } from './LoginForm';

/** react-admin's Login frame keeps its behaviour: a logged-in user who opens the login page goes to /. */
export const LoginPage = () => (
  <Login>
    <LoginForm />
  </Login>
);
