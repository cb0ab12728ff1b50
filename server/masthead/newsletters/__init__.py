"""Newsletters (spec sections 3, 5, 7): the lists by site and the exclusive groups, each
reader's subscriptions as Masthead's records, and the site API call that reads and changes them."""
