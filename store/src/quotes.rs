//! Quotes and their rates, stored together so a booking uses the exact rate the member saw.

use anyhow::Context;

use crate::{Store, now};

/// A stored quote.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct QuoteRecord {
    pub quote_id: String,
    pub user_id: String,
    pub car_id: String,
    pub state: String,
    pub pen_track_key: String,
    pub provider: String,
    pub created_at: i64,
    /// The answers it was rated with (`None` on quotes stored before they were kept).
    pub miles_per_year: Option<i64>,
    pub years_to_own: Option<i64>,
}

/// A stored rate of a quote.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct RateRecord {
    pub rate_id: String,
    pub quote_id: String,
    pub rate_collection_id: String,
    pub position: i64,
    pub coverage_name: String,
    pub miles: i64,
    pub months: i64,
    pub deductible_cents: i64,
    pub price_cents: i64,
    pub tax_cents: i64,
    /// The provider that priced this rate and books it (`None` on rates stored before providers were per rate).
    pub provider: Option<String>,
}

impl Store {
    /// Saves a quote with its rates in one transaction.
    pub async fn insert_quote(&self, quote: &QuoteRecord, rates: &[RateRecord]) -> anyhow::Result<()> {
        self.insert_quotes(&[(quote, rates)]).await
    }

    /// Saves several quotes with their rates in one transaction and two statements (group commit:
    /// the API batches the quotes that queue up behind the writer). All or none are stored.
    pub async fn insert_quotes(&self, quotes: &[(&QuoteRecord, &[RateRecord])]) -> anyhow::Result<()> {
        if quotes.is_empty() {
            return Ok(());
        }
        let mut tx = self.writer.begin().await?;
        let created_at = now();
        let sql = format!(
            "INSERT INTO quotes (quote_id, user_id, car_id, state, pen_track_key, provider, created_at, miles_per_year, years_to_own) VALUES {}",
            placeholders(quotes.len(), 9)
        );
        let mut insert = sqlx::query(&sql);
        for (q, _) in quotes {
            insert = insert
                .bind(&q.quote_id)
                .bind(&q.user_id)
                .bind(&q.car_id)
                .bind(&q.state)
                .bind(&q.pen_track_key)
                .bind(&q.provider)
                .bind(created_at)
                .bind(q.miles_per_year)
                .bind(q.years_to_own);
        }
        insert.execute(&mut *tx).await.context("inserting quotes")?;
        let rates: Vec<&RateRecord> = quotes.iter().flat_map(|(_, r)| r.iter()).collect();
        Self::insert_rates(&mut tx, &rates).await?;
        tx.commit().await.context("committing quotes")?;
        Ok(())
    }

    /// Re-rates a quote: new answers and state, new rates in place of the old (in one transaction).
    /// `false` when a policy already holds the quote (its rates must not change under a purchase).
    pub async fn replace_quote_rates(&self, quote: &QuoteRecord, rates: &[RateRecord]) -> anyhow::Result<bool> {
        let mut tx = self.writer.begin().await?;
        let updated = sqlx::query(
            "UPDATE quotes SET state = $1, provider = $2, miles_per_year = $3, years_to_own = $4, created_at = $7
             WHERE quote_id = $5 AND user_id = $6 AND NOT EXISTS (SELECT 1 FROM policies WHERE policies.quote_id = $5)",
        )
        .bind(&quote.state)
        .bind(&quote.provider)
        .bind(quote.miles_per_year)
        .bind(quote.years_to_own)
        .bind(&quote.quote_id)
        .bind(&quote.user_id)
        .bind(quote.created_at)
        .execute(&mut *tx)
        .await
        .context("updating quote")?;
        if updated.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM rates WHERE quote_id = $1").bind(&quote.quote_id).execute(&mut *tx).await.context("dropping old rates")?;
        Self::insert_rates(&mut tx, &rates.iter().collect::<Vec<_>>()).await?;
        tx.commit().await.context("committing re-rated quote")?;
        Ok(true)
    }

    async fn insert_rates(tx: &mut sqlx::Transaction<'_, sqlx::Any>, rates: &[&RateRecord]) -> anyhow::Result<()> {
        if rates.is_empty() {
            return Ok(());
        }
        let sql = format!(
            "INSERT INTO rates (rate_id, quote_id, rate_collection_id, position, coverage_name, miles, months, deductible_cents, price_cents, tax_cents, provider) VALUES {}",
            placeholders(rates.len(), 11)
        );
        let mut insert = sqlx::query(&sql);
        for r in rates {
            insert = insert
                .bind(&r.rate_id)
                .bind(&r.quote_id)
                .bind(&r.rate_collection_id)
                .bind(r.position)
                .bind(&r.coverage_name)
                .bind(r.miles)
                .bind(r.months)
                .bind(r.deductible_cents)
                .bind(r.price_cents)
                .bind(r.tax_cents)
                .bind(&r.provider);
        }
        insert.execute(&mut **tx).await.context("inserting rates")?;
        Ok(())
    }

    /// A quote of a user (`None` when it is not theirs).
    /// A user's latest quotes, newest first.
    pub async fn quotes_of_user(&self, user_id: &str, limit: i64) -> anyhow::Result<Vec<QuoteRecord>> {
        sqlx::query_as::<_, QuoteRecord>(
            "SELECT quote_id, user_id, car_id, state, pen_track_key, provider, created_at, miles_per_year, years_to_own FROM quotes
             WHERE user_id = $1 ORDER BY created_at DESC, quote_id DESC LIMIT $2",
        )
        .bind(user_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .context("listing quotes")
    }

    pub async fn quote(&self, user_id: &str, quote_id: &str) -> anyhow::Result<Option<QuoteRecord>> {
        sqlx::query_as::<_, QuoteRecord>(
            "SELECT quote_id, user_id, car_id, state, pen_track_key, provider, created_at, miles_per_year, years_to_own FROM quotes WHERE quote_id = $1 AND user_id = $2",
        )
        .bind(quote_id)
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await
        .context("reading quote")
    }

    /// The rates of a quote, in display order.
    pub async fn rates(&self, quote_id: &str) -> anyhow::Result<Vec<RateRecord>> {
        sqlx::query_as::<_, RateRecord>(
            "SELECT rate_id, quote_id, rate_collection_id, position, coverage_name, miles, months, deductible_cents, price_cents, tax_cents, provider
             FROM rates WHERE quote_id = $1 ORDER BY position",
        )
        .bind(quote_id)
        .fetch_all(&self.pool)
        .await
        .context("reading rates")
    }
}

/// `($1, $2, $3), ($4, $5, $6)` for `rows` rows of `columns` values.
fn placeholders(rows: usize, columns: usize) -> String {
    (0..rows)
        .map(|r| format!("({})", (1..=columns).map(|c| format!("${}", r * columns + c)).collect::<Vec<_>>().join(", ")))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn placeholders_number_every_value() {
        assert_eq!(super::placeholders(2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(super::placeholders(1, 1), "($1)");
    }
}
