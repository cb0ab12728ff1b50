"""Social sign-in (google, facebook, apple) through Authlib, and the development identity
provider standing in for all three under `make run`: spec sections 1, 4, 7."""
