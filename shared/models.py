"""The tables of the example pages; the Conduit tables live in conduit_models."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from .db import Base, utcnow


class GuestbookEntry(Base):
    __tablename__ = "guestbook_entries"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(50))
    message: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class World(Base):
    """The TechEmpower benchmark's World table: 10,000 rows once seeded."""

    __tablename__ = "world"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    random_number: Mapped[int] = mapped_column("randomNumber")


class Fortune(Base):
    """The TechEmpower benchmark's Fortune table: 12 rows once seeded."""

    __tablename__ = "fortune"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    message: Mapped[str] = mapped_column(String(2048))
