"""Alembic environment: migrate the database of the running Flask app."""

import logging
from logging.config import fileConfig

from alembic import context
from flask import current_app

config = context.config
if config.config_file_name is not None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)
logger = logging.getLogger("alembic.env")

migrate_extension = current_app.extensions["migrate"]
engine = migrate_extension.db.engine
target_metadata = migrate_extension.db.metadata
config.set_main_option(
    "sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%")
)


def run_migrations_offline() -> None:
    """Emit the migration as SQL, with no database connection."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def skip_empty_autogenerate(migration_context, revision, directives) -> None:
    """Write no revision file when autogenerate finds nothing to change."""
    if getattr(config.cmd_opts, "autogenerate", False) and directives[0].upgrade_ops.is_empty():
        directives[:] = []
        logger.info("No changes in schema detected.")


def run_migrations_online() -> None:
    """Apply the migrations over a connection from the app's engine."""
    configure_args = dict(migrate_extension.configure_args)
    configure_args.setdefault("process_revision_directives", skip_empty_autogenerate)
    with engine.connect() as connection:
        is_sqlite = connection.dialect.name == "sqlite"
        if is_sqlite:
            # SQLite alters a table by copying it and dropping the old one; with foreign
            # keys on, that drop would cascade and delete every player and event.
            connection.exec_driver_sql("PRAGMA foreign_keys = OFF")
            connection.commit()  # end the implicit transaction; alembic begins its own
        elif connection.dialect.name == "postgresql":
            # A migration may rewrite a large table: the app's bound on one statement
            # (storage/database.py) is for requests, not for this.
            connection.exec_driver_sql("SET statement_timeout = 0")
            connection.commit()
        context.configure(connection=connection, target_metadata=target_metadata, **configure_args)
        with context.begin_transaction():
            context.run_migrations()
        if is_sqlite:
            orphans = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if orphans:
                raise RuntimeError(f"the migration left rows without their parent: {orphans}")
            connection.exec_driver_sql("PRAGMA foreign_keys = ON")
            connection.commit()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
