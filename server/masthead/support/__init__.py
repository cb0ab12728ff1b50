"""Support: the staff console's Readers (/admin/api/readers, the support role). It finds a
reader, shows what Masthead knows of them, and acts for them, through the public faces of
identity, billing and referrals: the same services the reader's own screens use."""
