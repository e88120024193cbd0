"""The TechEmpower benchmark's tables."""

from __future__ import annotations

from sqlalchemy import String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


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
