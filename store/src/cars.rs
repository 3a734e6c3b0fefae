//! Cars.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use anyhow::Context;
use coverline_domain::vehicle::{CarFlags, Odometer};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::{Store, now};

/// A stored car, with its values typed as the domain knows them (the columns are plain integers
/// and a JSON text; [`CarRecord::from_row`] is the one place that reads them).
#[derive(Debug, Clone, PartialEq)]
pub struct CarRecord {
    pub car_id: String,
    pub user_id: String,
    pub vin: String,
    pub year: u16,
    pub make: String,
    pub model: String,
    pub style: String,
    pub vehicle_type: String,
    pub odometer: Odometer,
    pub miles_per_year: u32,
    pub years_to_own: u8,
    pub flags: CarFlags,
    /// The VIN is a representative one from a description, not the member's car.
    pub is_mock_vin: bool,
    pub created_at: i64,
}

impl<'r> sqlx::FromRow<'r, AnyRow> for CarRecord {
    fn from_row(row: &'r AnyRow) -> sqlx::Result<Self> {
        let number = |column: &str| -> sqlx::Result<i64> { row.try_get::<i64, _>(column) };
        let out_of_range = |column: &str| sqlx::Error::ColumnDecode { index: column.into(), source: "out of range".into() };
        let flags: String = row.try_get("flags_json")?;
        Ok(Self {
            car_id: row.try_get("car_id")?,
            user_id: row.try_get("user_id")?,
            vin: row.try_get("vin")?,
            year: u16::try_from(number("year")?).map_err(|_| out_of_range("year"))?,
            make: row.try_get("make")?,
            model: row.try_get("model")?,
            style: row.try_get("style")?,
            vehicle_type: row.try_get("vehicle_type")?,
            odometer: Odometer(u32::try_from(number("odometer")?).map_err(|_| out_of_range("odometer"))?),
            miles_per_year: u32::try_from(number("miles_per_year")?).map_err(|_| out_of_range("miles_per_year"))?,
            years_to_own: u8::try_from(number("years_to_own")?).map_err(|_| out_of_range("years_to_own"))?,
            flags: serde_json::from_str(&flags).map_err(|e| sqlx::Error::ColumnDecode { index: "flags_json".into(), source: e.into() })?,
            is_mock_vin: number("is_mock_vin")? != 0,
            created_at: number("created_at")?,
        })
    }
}

/// Cars already read or written by this process, by car id (bounded: emptied when full).
#[derive(Debug, Clone, Default)]
pub(crate) struct CarCache(Arc<Mutex<HashMap<String, CarRecord>>>);

/// Cars kept by one process (about 300 bytes each).
const CAR_CACHE_MAX: usize = 20_000;

impl CarCache {
    fn get(&self, user_id: &str, car_id: &str) -> Option<CarRecord> {
        let cars = self.0.lock().unwrap_or_else(|e| e.into_inner());
        cars.get(car_id).filter(|c| c.user_id == user_id).cloned()
    }

    fn put(&self, car: &CarRecord) {
        let mut cars = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if cars.len() >= CAR_CACHE_MAX {
            cars.clear();
        }
        cars.insert(car.car_id.clone(), car.clone());
    }
}

const CAR_COLUMNS: &str = "car_id, user_id, vin, year, make, model, style, vehicle_type, odometer, miles_per_year, years_to_own, flags_json, is_mock_vin, created_at";

impl Store {
    /// Saves a car (its `created_at` is set here).
    pub async fn insert_car(&self, car: &CarRecord) -> anyhow::Result<()> {
        sqlx::query(&format!("INSERT INTO cars ({CAR_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"))
            .bind(&car.car_id)
            .bind(&car.user_id)
            .bind(&car.vin)
            .bind(i64::from(car.year))
            .bind(&car.make)
            .bind(&car.model)
            .bind(&car.style)
            .bind(&car.vehicle_type)
            .bind(i64::from(car.odometer.0))
            .bind(i64::from(car.miles_per_year))
            .bind(i64::from(car.years_to_own))
            .bind(serde_json::to_string(&car.flags).context("car flags as JSON")?)
            .bind(i64::from(car.is_mock_vin))
            .bind(now())
            .execute(&self.writer)
            .await
            .context("inserting car")?;
        Ok(())
    }

    /// A car of a user (`None` when it is not theirs); cars never change, so a car read once is
    /// served from memory afterwards.
    pub async fn car(&self, user_id: &str, car_id: &str) -> anyhow::Result<Option<CarRecord>> {
        if let Some(car) = self.cars.get(user_id, car_id) {
            return Ok(Some(car));
        }
        let car = self.read_car(user_id, car_id).await?;
        if let Some(car) = &car {
            self.cars.put(car);
        }
        Ok(car)
    }

    async fn read_car(&self, user_id: &str, car_id: &str) -> anyhow::Result<Option<CarRecord>> {
        sqlx::query_as::<_, CarRecord>(&format!("SELECT {CAR_COLUMNS} FROM cars WHERE car_id = $1 AND user_id = $2"))
            .bind(car_id)
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await
            .context("reading car")
    }

    /// A user's cars, newest first.
    pub async fn cars(&self, user_id: &str) -> anyhow::Result<Vec<CarRecord>> {
        sqlx::query_as::<_, CarRecord>(&format!("SELECT {CAR_COLUMNS} FROM cars WHERE user_id = $1 ORDER BY created_at DESC, car_id DESC"))
            .bind(user_id)
            .fetch_all(&self.pool)
            .await
            .context("listing cars")
    }
}

impl Store {
    /// The reference of a member's vehicle by VIN, made once (the same VIN, the same reference).
    pub async fn vehicle_ref(&self, user_id: &str, vin: &str, new_ref: &str) -> anyhow::Result<String> {
        sqlx::query("INSERT INTO vehicle_refs (vehicle_ref, user_id, vin, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, vin) DO NOTHING")
            .bind(new_ref)
            .bind(user_id)
            .bind(vin)
            .bind(crate::now())
            .execute(&self.writer)
            .await
            .context("recording a vehicle reference")?;
        let (vehicle_ref,): (String,) = sqlx::query_as("SELECT vehicle_ref FROM vehicle_refs WHERE user_id = $1 AND vin = $2")
            .bind(user_id)
            .bind(vin)
            .fetch_one(&self.writer)
            .await
            .context("reading a vehicle reference")?;
        Ok(vehicle_ref)
    }

    /// The VIN a member's vehicle reference stands for.
    pub async fn vin_of_ref(&self, user_id: &str, vehicle_ref: &str) -> anyhow::Result<Option<String>> {
        let row: Option<(String,)> = sqlx::query_as("SELECT vin FROM vehicle_refs WHERE user_id = $1 AND vehicle_ref = $2")
            .bind(user_id)
            .bind(vehicle_ref)
            .fetch_optional(&self.pool)
            .await
            .context("reading a vehicle reference's VIN")?;
        Ok(row.map(|(vin,)| vin))
    }
}
