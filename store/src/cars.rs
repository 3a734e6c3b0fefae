//! Cars.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use anyhow::Context;

use crate::{Store, now};

/// A stored car.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct CarRecord {
    pub car_id: String,
    pub user_id: String,
    pub vin: String,
    pub year: i64,
    pub make: String,
    pub model: String,
    pub style: String,
    pub vehicle_type: String,
    pub odometer: i64,
    pub miles_per_year: i64,
    pub years_to_own: i64,
    pub flags_json: String,
    /// 1 when the VIN is a representative one from a description, not the member's car.
    pub is_mock_vin: i64,
    pub created_at: i64,
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
            .bind(car.year)
            .bind(&car.make)
            .bind(&car.model)
            .bind(&car.style)
            .bind(&car.vehicle_type)
            .bind(car.odometer)
            .bind(car.miles_per_year)
            .bind(car.years_to_own)
            .bind(&car.flags_json)
            .bind(car.is_mock_vin)
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
